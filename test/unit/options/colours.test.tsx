/** Colours: #RRGGBB and rgb(r,g,b) both accepted in channels and QR codes, each sent as its endpoint takes it; the swatch shows what will be sent. */
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseColour, toHex, toRgb } from '@/lib/ui/colour';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();

describe('colours', () => {
  it('are read from both forms and written in either', () => {
    expect(parseColour('#00ff00')).toEqual({ r: 0, g: 255, b: 0 });
    expect(parseColour(' rgb(0, 255 ,0) ')).toEqual({ r: 0, g: 255, b: 0 });
    expect(parseColour('rgb(0,256,0)')).toBeNull();
    expect(parseColour('green')).toBeNull();
    expect(parseColour('')).toBeNull();
    expect(toRgb(parseColour('#12ab34')!)).toBe('rgb(18,171,52)');
    expect(toHex(parseColour('rgb(18,171,52)')!)).toBe('#12AB34');
  });

  it('a QR code takes #00ff00 and sends rgb(0,255,0); the swatch shows it, and no colour when empty', async () => {
    const { user } = openOptions();
    const form = within(await section('QR codes')).getByRole('form', { name: 'New QR code' });
    const picker = within(form).getByLabelText('Pick background colour') as HTMLInputElement;
    expect(picker.className).toContain('none');
    await user.type(within(form).getByLabelText('Background colour'), '#00ff00');
    expect(picker.value).toBe('#00ff00');
    expect(picker.className).not.toContain('none');
    await user.type(within(form).getByLabelText('URL'), 'https://example.com/menu');
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    await waitFor(() =>
      expect(worker.mutations()).toEqual([
        { op: 'addQr', args: [{ type: 'link', data: 'https://example.com/menu', background: 'rgb(0,255,0)' }] },
      ]),
    );
  });

  it('a channel takes rgb(r,g,b) and sends #RRGGBB; the picker writes #RRGGBB', async () => {
    const { user } = openOptions();
    const form = within(await section('Channels')).getByRole('form', { name: 'New channel' });
    await user.type(within(form).getByLabelText('Name'), 'Green');
    await user.type(within(form).getByLabelText('Colour'), 'rgb(18,171,52)');
    const picker = within(form).getByLabelText('Pick colour') as HTMLInputElement;
    expect(picker.value).toBe('#12ab34');
    await user.click(within(form).getByRole('button', { name: 'Create channel' }));
    await waitFor(() =>
      expect(worker.mutations()).toEqual([{ op: 'addChannel', args: [{ name: 'Green', color: '#12AB34', starred: false }] }]),
    );
    fireEvent.change(picker, { target: { value: '#a1b2c3' } });
    expect((within(form).getByLabelText('Colour') as HTMLInputElement).value).toBe('#A1B2C3');
  });

  it('an out-of-range colour is named by its label', async () => {
    const { user } = openOptions();
    const form = within(await section('Channels')).getByRole('form', { name: 'New channel' });
    await user.type(within(form).getByLabelText('Name'), 'Red');
    await user.type(within(form).getByLabelText('Colour'), 'rgb(300,0,0)');
    expect((within(form).getByLabelText('Pick colour') as HTMLInputElement).className).toContain('none');
    await user.click(within(form).getByRole('button', { name: 'Create channel' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Colour must have each of r, g, b between 0 and 255.');
  });
});
